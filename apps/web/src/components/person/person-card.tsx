import { formatPhone, type PersonRecord, phoneHref } from '@leadcircle/shared';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A LinkedIn profile as an https address (people often write it without the scheme). */
export function linkedinHref(value: string): string {
  const trimmed = value.trim();
  return /^https?:\/\//i.test(trimmed) ? trimmed.replace(/^http:/i, 'https:') : `https://${trimmed}`;
}

/** One labelled line of a person card. */
export function PersonDetail({ label, children }: { label: string; children: ReactNode }) {
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

interface PersonCardProps {
  person: PersonRecord;
  /** The card's accessible name ('Lead', 'Contact'). */
  label: string;
  /** Shown after the contact info, before the notes (a lead's address). */
  address?: ReactNode;
  /** Shown after the notes (who submitted a lead, its rating). */
  children?: ReactNode;
}

/**
 * A person card: name, title @ company, then the phone (a tel link), e-mail (a mail link), LinkedIn
 * (an https link), the address when given, and the notes.
 */
export function PersonCard({ person, label, address, children }: PersonCardProps) {
  return (
    <Card variant="outlined" component="section" aria-label={label}>
      <CardContent>
        <Stack sx={{ gap: 1.5 }}>
          <Stack>
            <Typography component="h2" variant="h5">
              {person.fullName}
            </Typography>
            <Typography color="text.secondary">{`${person.title} @ ${person.company}`}</Typography>
          </Stack>
          <Divider />
          {person.phone && (
            <PersonDetail label="Phone">
              <Link href={phoneHref(person.phone)}>{formatPhone(person.phone)}</Link>
            </PersonDetail>
          )}
          {person.email && (
            <PersonDetail label="Email">
              <Link href={`mailto:${person.email}`}>{person.email}</Link>
            </PersonDetail>
          )}
          {person.linkedin && (
            <PersonDetail label="LinkedIn">
              <Link href={linkedinHref(person.linkedin)} target="_blank" rel="noopener noreferrer">
                {person.linkedin}
              </Link>
            </PersonDetail>
          )}
          {address !== undefined && <PersonDetail label="Address">{address}</PersonDetail>}
          {person.notes && (
            <PersonDetail label="Notes">
              <span style={{ whiteSpace: 'pre-wrap' }}>{person.notes}</span>
            </PersonDetail>
          )}
          {children}
        </Stack>
      </CardContent>
    </Card>
  );
}
