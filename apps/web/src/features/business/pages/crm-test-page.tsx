import { CRM_TEST_MESSAGES } from '@leadcircle/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { CenteredLayout } from '../../../components/centered-layout';
import { isApiError } from '../../../lib/api-error';
import { useTestCrmMutation } from '../api';

type Outcome = { severity: 'success' | 'warning' | 'error'; text: string; detail?: string };

const HELP = {
  url: 'https://help.salesforce.com/s/articleView?id=sf.faq_domain_name_what.htm',
  token: 'https://help.salesforce.com/s/articleView?id=sf.user_security_token.htm',
};

/** The CRM connection test: public, without the shell. */
export function CrmTestPage() {
  const [fields, setFields] = useState({ url: '', username: '', password: '', securityToken: '' });
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [test, { isLoading }] = useTestCrmMutation();

  const set = (name: keyof typeof fields) => (e: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [name]: e.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    try {
      const { success } = await test(fields).unwrap();
      setOutcome(
        success
          ? { severity: 'success', text: CRM_TEST_MESSAGES.success }
          : { severity: 'warning', text: CRM_TEST_MESSAGES.failure },
      );
    } catch (error) {
      // The server's reason (a refused address, too many tries) under the product's words.
      const detail = isApiError(error) && error.status > 0 && error.status < 500 ? error.message : undefined;
      setOutcome({ severity: 'error', text: CRM_TEST_MESSAGES.error, detail });
    }
  };

  return (
    <CenteredLayout title="Check your CRM connection" maxWidth="sm">
      <Box component="form" onSubmit={(e) => void submit(e)} noValidate>
        <TextField
          label="url"
          value={fields.url}
          onChange={set('url')}
          placeholder="https://yourcompany.my.salesforce.com"
          helperText={
            <Link href={HELP.url} target="_blank" rel="noopener noreferrer">
              Where do I find my Salesforce address?
            </Link>
          }
          fullWidth
          margin="normal"
          required
        />
        <TextField
          label="username"
          value={fields.username}
          onChange={set('username')}
          fullWidth
          margin="normal"
          required
        />
        <TextField
          label="password"
          type="password"
          value={fields.password}
          onChange={set('password')}
          autoComplete="off"
          fullWidth
          margin="normal"
          required
        />
        <TextField
          label="securityToken"
          type="password"
          value={fields.securityToken}
          onChange={set('securityToken')}
          autoComplete="off"
          helperText={
            <Link href={HELP.token} target="_blank" rel="noopener noreferrer">
              How do I get my security token?
            </Link>
          }
          fullWidth
          margin="normal"
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
