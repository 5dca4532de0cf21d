import type { OpportunityContact } from '@leadcircle/shared';
import { PersonCard } from '../../../components/person/person-card';

/** The contact card: e-mail opens a mail link, phone a tel link, LinkedIn an https link. */
export function ContactCard({ contact }: { contact: OpportunityContact }) {
  return <PersonCard person={contact} label="Contact" />;
}
