import { type Lead, toAddressInput } from '@leadcircle/shared';
import Divider from '@mui/material/Divider';
import { addressText } from '../../../components/address-text';
import { PersonCard, PersonDetail } from '../../../components/person/person-card';
import { LeadRating } from './lead-rating';

export function leadAddressText(lead: Lead): string {
  return addressText(toAddressInput(lead.address));
}

/** The lead card: the person card with the address, who submitted it, and the rating. */
export function LeadCard({ lead }: { lead: Lead }) {
  return (
    <PersonCard person={lead} label="Lead" address={leadAddressText(lead)}>
      <PersonDetail label="Submitted by">{lead.ownerName}</PersonDetail>
      <Divider />
      <LeadRating lead={lead} />
    </PersonCard>
  );
}
