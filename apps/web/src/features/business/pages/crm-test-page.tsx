import { CRM_TEST_MESSAGES } from '@leadcircle/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { CenteredLayout } from '../../../components/centered-layout';
import { FormTextField } from '../../../components/form-text-field';
import { lazyZodResolver, useLoadResolver } from '../../../components/lazy-zod-resolver';
import { isApiError } from '../../../lib/api-error';
import { useTestCrmMutation } from '../api';

type Outcome = { severity: 'success' | 'warning' | 'error'; text: string; detail?: string };

const HELP = {
  url: 'https://help.salesforce.com/s/articleView?id=sf.faq_domain_name_what.htm',
  token: 'https://help.salesforce.com/s/articleView?id=sf.user_security_token.htm',
};

// The call's own rules check the fields before anything is sent.
const resolver = lazyZodResolver(() => import('@leadcircle/shared/api/crm').then((m) => m.crmTestRequest));
// The server's refusals of the address itself: the url field's mistake, not a result of the test.
const URL_REFUSALS = new Set(['CRM_URL_PRIVATE', 'CRM_URL_NOT_ALLOWED']);

/** The CRM connection test: public, without the shell. */
export function CrmTestPage() {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [test, { isLoading }] = useTestCrmMutation();
  useLoadResolver(resolver);
  const { control, handleSubmit, setError } = useForm({
    resolver,
    defaultValues: { url: '', username: '', password: '', securityToken: '' },
  });

  const submit = handleSubmit(async (fields) => {
    setOutcome(null);
    try {
      const result = await test(fields).unwrap();
      setOutcome(
        result.success
          ? { severity: 'success', text: CRM_TEST_MESSAGES.success }
          : { severity: 'warning', text: CRM_TEST_MESSAGES.failure, detail: result.reason },
      );
    } catch (error) {
      if (isApiError(error) && error.code && URL_REFUSALS.has(error.code)) {
        setError('url', { message: error.message });
      } else if (isApiError(error) && error.status >= 400 && error.status < 500 && error.message) {
        // Our answer to the request itself (too many tries): its own words.
        setOutcome({ severity: 'error', text: error.message });
      } else {
        setOutcome({ severity: 'error', text: CRM_TEST_MESSAGES.error });
      }
    }
  });

  return (
    <CenteredLayout title="Check your CRM connection" maxWidth="sm">
      <Box component="form" onSubmit={(e) => void submit(e)} noValidate>
        <FormTextField
          control={control}
          name="url"
          label="url"
          placeholder="https://yourcompany.my.salesforce.com"
          help={
            <Link href={HELP.url} target="_blank" rel="noopener noreferrer">
              Where do I find my Salesforce address?
            </Link>
          }
          required
        />
        <FormTextField control={control} name="username" label="username" required />
        <FormTextField control={control} name="password" label="password" type="password" autoComplete="off" required />
        <FormTextField
          control={control}
          name="securityToken"
          label="securityToken"
          type="password"
          autoComplete="off"
          help={
            <Link href={HELP.token} target="_blank" rel="noopener noreferrer">
              How do I get my security token?
            </Link>
          }
        />
        <Button type="submit" variant="contained" size="large" fullWidth loading={isLoading} sx={{ mt: 2 }}>
          Check CRM
        </Button>
      </Box>
      {outcome && (
        <Alert severity={outcome.severity} sx={{ mt: 2 }} role="status">
          {outcome.text}
          {outcome.detail && <Box sx={{ mt: 0.5, fontSize: '0.875rem' }}>{outcome.detail}</Box>}
        </Alert>
      )}
    </CenteredLayout>
  );
}
