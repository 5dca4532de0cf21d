import { OPPORTUNITY_MESSAGES, ROUTES, routePath } from '@leadcircle/shared';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import { type ReactNode, useState } from 'react';
import { DetailsPage } from '../../../components/details-page';
import { PageSpinner } from '../../../components/page-spinner';
import { errorMessage } from '../../../lib/api-error';
import { useRouteId } from '../../../lib/route-id';
import { useGetContactQuery, useGetOpportunityQuery } from '../api';
import { ContactCard } from '../components/contact-card';
import { ContactComments } from '../components/contact-comments';
import { ContactDialog } from '../components/contact-dialog';
import { useOpportunityId } from './opportunity-layout';

/** Contact details: back to the contacts, EDIT for the owner, the card and the comments. */
export function ContactDetailsPage() {
  const opportunityId = useOpportunityId();
  const contactId = useRouteId('contact_id');
  const opportunity = useGetOpportunityQuery(opportunityId, { skip: opportunityId === 0 });
  const contact = useGetContactQuery(contactId, { skip: contactId === 0, refetchOnMountOrArgChange: true });
  const [isEditing, setIsEditing] = useState(false);
  const backTo = opportunityId
    ? routePath(ROUTES.opportunityContacts, { opportunity_id: opportunityId })
    : ROUTES.opportunities;
  // A contact is reached through its own opportunity only.
  const isElsewhere = contact.data !== undefined && contact.data.opportunityId !== opportunityId;

  let content: ReactNode;
  if (contactId === 0 || contact.isError || isElsewhere) {
    content = <Alert severity="error">{errorMessage(contact.error, OPPORTUNITY_MESSAGES.contactNotFound)}</Alert>;
  } else if (contact.isLoading || !contact.data) {
    content = <PageSpinner />;
  } else {
    content = (
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 5 }}>
          <ContactCard contact={contact.data} />
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <ContactComments contactId={contact.data.contactId} />
        </Grid>
        {isEditing && (
          <ContactDialog
            opportunityId={opportunityId}
            contact={contact.data}
            onClose={() => setIsEditing(false)}
            onSuccess={() => setIsEditing(false)}
          />
        )}
      </Grid>
    );
  }

  return (
    <DetailsPage
      backTo={backTo}
      backLabel="Back to contacts"
      title={contact.data?.fullName ?? 'Contact'}
      actions={
        contact.data &&
        !isElsewhere &&
        opportunity.data?.isOwner && (
          <Button variant="contained" onClick={() => setIsEditing(true)}>
            EDIT
          </Button>
        )
      }
    >
      {content}
    </DetailsPage>
  );
}
