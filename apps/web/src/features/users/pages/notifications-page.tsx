import { LEAD_EMAIL_CHOICES, LEAD_EMAIL_LABELS, type LeadEmailChoice, MESSAGES } from '@leadcircle/shared';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { PageSpinner } from '../../../components/page-spinner';
import { useNotify } from '../../../components/use-notify';
import { useGetCurrentUserQuery } from '../../../core/current-user-api';
import { errorMessage } from '../../../lib/api-error';
import { useUpdateNotificationsMutation } from '../account-api';
import { ChannelKind, ChannelRow, ChannelRows } from '../components/channel-rows';
import { PUSH_KIND_NAMES, PushKindSwitch } from '../components/push-kind-switch';
import { PushSettings } from '../components/push-settings';
import { TimeZoneField } from '../components/time-zone-field';
import { useGetPushDevicesQuery } from '../push-api';

interface Choices {
  enableEmail: boolean;
  leadEmails: LeadEmailChoice;
}

interface NotificationsPageProps {
  /** Each group's Messages switch (the same setting as the group's settings). */
  groupSwitches?: ReactNode;
  /** Each opportunity's Messages switch (the same setting as the opportunity's settings). */
  opportunitySwitches?: ReactNode;
}

const PUSH_HINT_ID = 'push-kinds-hint';

/** The kinds whose e-mail has no control of its own in their row: which switch governs it. */
const EMAILED_UNDER = {
  CHAT: "E-mailed under each group's and opportunity's own Messages switch, below; direct messages under Email notifications.",
  EVENT:
    'Won deals, ratings, follow-up reminders and people joining your opportunities, e-mailed under Email notifications. Push brings your invitations too.',
} as const;
const NEW_LEADS_PUSH_HINT_ID = 'push-new-leads-hint';

/**
 * Why the push switches are greyed out, or nothing: they choose what reaches the person's devices, so they
 * wait for one with push on; and push follows e-mail, so nothing is pushed while e-mail is off.
 */
function pushUnavailable(deviceCount: number | undefined, enableEmail: boolean): string | undefined {
  if (deviceCount === 0) return 'Turn on Push on this device, below, to choose what is pushed to your devices.';
  if (!enableEmail) return 'Nothing is pushed while Email notifications is off.';
  return undefined;
}

/**
 * My settings, Notifications: the account's e-mail switch; then kind by kind (new leads, messages, events) the
 * e-mail control and, beside it, the push switch; the time zone of the digest; this device's push and the
 * person's devices; then a switch per group (its messages and new leads) and per opportunity (its messages);
 * the route passes those lists in.
 */
export function NotificationsPage({ groupSwitches, opportunitySwitches }: NotificationsPageProps) {
  const notify = useNotify();
  const { data: user } = useGetCurrentUserQuery();
  const [updateNotifications, { isLoading }] = useUpdateNotificationsMutation();
  const { data: devicesData } = useGetPushDevicesQuery();

  // A choice shows at once and goes back if it cannot be saved.
  const [chosen, setChosen] = useState<Choices | null>(null);

  if (!user) return <PageSpinner />;
  const { enableEmail, leadEmails } = chosen ?? user.notificationSetting;
  const deviceCount = devicesData?.devices.length;
  const pushHint = pushUnavailable(deviceCount, enableEmail);
  const pushState = {
    disabled: pushHint !== undefined || deviceCount === undefined,
    describedBy: pushHint ? PUSH_HINT_ID : undefined,
  };

  const save = async (change: Partial<Choices>) => {
    const next = { enableEmail, leadEmails, ...change };
    setChosen(next);
    try {
      await updateNotifications(next).unwrap();
      notify.success(MESSAGES.notificationsUpdated);
    } catch (error) {
      setChosen(null);
      notify.error(errorMessage(error, MESSAGES.notificationsUpdateFailed));
    }
  };

  return (
    <>
      <Typography component="h2" variant="h5" gutterBottom>
        Notifications
      </Typography>
      <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
        <FormControlLabel
          control={
            <Switch
              checked={enableEmail}
              disabled={isLoading}
              onChange={(event) => void save({ enableEmail: event.target.checked })}
            />
          }
          label="Email notifications"
        />
        <Typography variant="body2" color="text.secondary">
          Get an e-mail about new leads, messages you have not read, ratings, thanks for closed business, follow-up
          reminders and people joining your opportunities. E-mails about your account itself, such as password resets
          and invitations, are always sent. Every notification e-mail has a link to unsubscribe from that kind in one
          click.
        </Typography>
        <ChannelRows hint={pushHint} hintId={PUSH_HINT_ID}>
          <ChannelRow
            label={PUSH_KIND_NAMES.NEW_LEAD}
            email={
              <FormControl disabled={!enableEmail || isLoading}>
                <FormLabel id="lead-emails-label">New leads in my groups</FormLabel>
                <RadioGroup
                  aria-labelledby="lead-emails-label"
                  value={leadEmails}
                  onChange={(event) => void save({ leadEmails: event.target.value as LeadEmailChoice })}
                >
                  {LEAD_EMAIL_CHOICES.map((choice) => (
                    <FormControlLabel
                      key={choice}
                      value={choice}
                      control={<Radio />}
                      label={LEAD_EMAIL_LABELS[choice]}
                    />
                  ))}
                </RadioGroup>
                <FormHelperText sx={{ mx: 0 }}>
                  Each group's own switch, below, can turn its new leads off too.
                </FormHelperText>
              </FormControl>
            }
            push={
              <>
                <PushKindSwitch
                  kind="NEW_LEAD"
                  disabled={pushState.disabled || leadEmails === 'OFF'}
                  describedBy={pushState.describedBy ?? (leadEmails === 'OFF' ? NEW_LEADS_PUSH_HINT_ID : undefined)}
                />
                {!pushHint && leadEmails === 'OFF' && (
                  <FormHelperText id={NEW_LEADS_PUSH_HINT_ID} sx={{ mx: 0 }}>
                    Not pushed while new leads are e-mailed Never.
                  </FormHelperText>
                )}
              </>
            }
          />
          {(['CHAT', 'EVENT'] as const).map((kind) => (
            <ChannelRow
              key={kind}
              label={PUSH_KIND_NAMES[kind]}
              email={<ChannelKind name={PUSH_KIND_NAMES[kind]} text={EMAILED_UNDER[kind]} />}
              push={<PushKindSwitch kind={kind} {...pushState} />}
            />
          ))}
        </ChannelRows>
        <TimeZoneField timeZone={user.timeZone} />
      </Paper>
      <PushSettings />
      <Typography component="h3" variant="h6" gutterBottom>
        Messages
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Turn e-mails on or off for each group and opportunity you belong to. A group's switch covers its messages and
        its new leads: turned off, nothing from that group is e-mailed to you. A message is e-mailed only if you have
        not read it within five minutes.
      </Typography>
      <Typography component="h4" variant="subtitle1" gutterBottom>
        Groups
      </Typography>
      {groupSwitches}
      <Typography component="h4" variant="subtitle1" sx={{ mt: 3 }} gutterBottom>
        Opportunities
      </Typography>
      {opportunitySwitches}
    </>
  );
}
