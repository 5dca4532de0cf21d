import { formatPhone, type OpportunityContact, phoneHref } from '@leadcircle/shared';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A LinkedIn profile as an https address (people often write it without the scheme). */
function linkedinHref(value: string): string {
  const trimmed = value.trim();
  return /^https?:\/\//i.test(trimmed) ? trimmed.replace(/^http:/i, 'https:') : `https://${trimmed}`;
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack>
      <Typography variant="overline" color="text.secondary">
        {label}
      </Typography>
      <Typography component="div" variant="body1" sx={{ overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Stack>
  );
}

/** The contact card: e-mail opens a mail link, phone a tel link, LinkedIn an https link. */
export function ContactCard({ contact }: { contact: OpportunityContact }) {
  return (
    <Card variant="outlined" component="section" aria-label="Contact">
      <CardContent>
        <Stack sx={{ gap: 1.5 }}>
          <Stack>
            <Typography component="h2" variant="h5">
              {contact.fullName}
            </Typography>
            <Typography color="text.secondary">{`${contact.title} @ ${contact.company}`}</Typography>
          </Stack>
          <Divider />
          {contact.phone && (
            <Detail label="Phone">
              <Link href={phoneHref(contact.phone)}>{formatPhone(contact.phone)}</Link>
            </Detail>
          )}
          {contact.email && (
            <Detail label="Email">
              <Link href={`mailto:${contact.email}`}>{contact.email}</Link>
            </Detail>
          )}
          {contact.linkedin && (
            <Detail label="LinkedIn">
              <Link href={linkedinHref(contact.linkedin)} target="_blank" rel="noopener noreferrer">
                {contact.linkedin}
              </Link>
            </Detail>
          )}
          {contact.notes && (
            <Detail label="Notes">
              <span style={{ whiteSpace: 'pre-wrap' }}>{contact.notes}</span>
            </Detail>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
