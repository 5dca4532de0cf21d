import { formatPhone, type Lead, phoneHref, toAddressInput } from '@leadcircle/shared';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { addressText } from '../../../components/address-text';
import { LeadRating } from './lead-rating';

/** A LinkedIn profile as an https address (people often write it without the scheme). */
export function linkedinHref(value: string): string {
  const trimmed = value.trim();
  return /^https?:\/\//i.test(trimmed) ? trimmed.replace(/^http:/i, 'https:') : `https://${trimmed}`;
}

export function leadAddressText(lead: Lead): string {
  return addressText(toAddressInput(lead.address));
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

/** The lead card: name, title @ company, phone, e-mail, LinkedIn, address, notes, rating. */
export function LeadCard({ lead }: { lead: Lead }) {
  return (
    <Card variant="outlined" component="section" aria-label="Lead">
      <CardContent>
        <Stack sx={{ gap: 1.5 }}>
          <Stack>
            <Typography component="h2" variant="h5">
              {lead.fullName}
            </Typography>
            <Typography color="text.secondary">{`${lead.title} @ ${lead.company}`}</Typography>
          </Stack>
          <Divider />
          {lead.phone && (
            <Detail label="Phone">
              <Link href={phoneHref(lead.phone)}>{formatPhone(lead.phone)}</Link>
            </Detail>
          )}
          {lead.email && (
            <Detail label="Email">
              <Link href={`mailto:${lead.email}`}>{lead.email}</Link>
            </Detail>
          )}
          {lead.linkedin && (
            <Detail label="LinkedIn">
              <Link href={linkedinHref(lead.linkedin)} target="_blank" rel="noopener noreferrer">
                {lead.linkedin}
              </Link>
            </Detail>
          )}
          <Detail label="Address">{leadAddressText(lead)}</Detail>
          {lead.notes && (
            <Detail label="Notes">
              <span style={{ whiteSpace: 'pre-wrap' }}>{lead.notes}</span>
            </Detail>
          )}
          <Detail label="Submitted by">{lead.ownerName}</Detail>
          <Divider />
          <LeadRating lead={lead} />
        </Stack>
      </CardContent>
    </Card>
  );
}
