import { type Opportunity, PAGE_SIZE } from '@leadcircle/shared';
import { MessagesSwitchItem } from '../../../components/messages-switch-item';
import { PagedSwitchList, type SwitchListPage } from '../../../components/paged-switch-list';
import { useGetMessagesSettingQuery, useListOpportunitiesQuery, useSetMessagesSettingMutation } from '../api';

function useOpportunitiesPage(page: number): SwitchListPage<Opportunity> {
  const list = useListOpportunitiesQuery(
    { start_position: page * PAGE_SIZE, get_next: PAGE_SIZE },
    { refetchOnMountOrArgChange: page === 0 },
  );
  return { ...list, items: list.data?.opportunities, totalCount: list.data?.totalCount ?? 0 };
}

/** The person's opportunities (own and shared), each with its Messages switch, 50 a page. */
export function OpportunityMessagesSwitches() {
  return (
    <PagedSwitchList
      usePage={useOpportunitiesPage}
      itemKey={(opportunity) => opportunity.opportunityId}
      renderSwitch={(opportunity) => <OpportunityMessagesSwitch opportunity={opportunity} />}
      loadError="The opportunities could not be loaded."
      empty={{
        title: 'No opportunity yet',
        text: 'Each opportunity you create or that is shared with you will appear here with its own Messages switch.',
      }}
      moreLabel="Show more opportunities"
    />
  );
}

function OpportunityMessagesSwitch({ opportunity }: { opportunity: Opportunity }) {
  const setting = useGetMessagesSettingQuery(opportunity.opportunityId, { refetchOnMountOrArgChange: true });
  const [save, saveState] = useSetMessagesSettingMutation();
  return (
    <MessagesSwitchItem
      name={opportunity.name}
      checked={setting.data?.toggledOn}
      saving={saveState.isLoading}
      save={(on) => save({ opportunityId: opportunity.opportunityId, on }).unwrap()}
    />
  );
}
