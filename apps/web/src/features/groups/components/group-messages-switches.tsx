import { type GroupSummary, PAGE_SIZE } from '@leadcircle/shared';
import { MessagesSwitchItem } from '../../../components/messages-switch-item';
import { PagedSwitchList, type SwitchListPage } from '../../../components/paged-switch-list';
import { useGetGroupNotificationsQuery, useListGroupsQuery, useUpdateGroupNotificationsMutation } from '../api';

function useGroupsPage(page: number): SwitchListPage<GroupSummary> {
  const list = useListGroupsQuery(
    { start_position: page * PAGE_SIZE, get_next: PAGE_SIZE },
    { refetchOnMountOrArgChange: page === 0 },
  );
  return { ...list, items: list.data?.groups, totalCount: list.data?.totalCount ?? 0 };
}

/** The person's groups, each with its switch (the group settings' Messages): its messages and its new leads. */
export function GroupMessagesSwitches() {
  return (
    <PagedSwitchList
      usePage={useGroupsPage}
      itemKey={(group) => group.groupId}
      renderSwitch={(group) => <GroupMessagesSwitch group={group} />}
      loadError="The groups could not be loaded."
      empty={{
        title: 'You are not in any group yet',
        text: 'Each group you create or join will appear here with its own Messages switch.',
      }}
      moreLabel="Show more groups"
    />
  );
}

function GroupMessagesSwitch({ group }: { group: GroupSummary }) {
  const setting = useGetGroupNotificationsQuery({ group_id: group.groupId }, { refetchOnMountOrArgChange: true });
  const [update, updateState] = useUpdateGroupNotificationsMutation();
  return (
    <MessagesSwitchItem
      name={group.name}
      covers="Messages and new leads"
      checked={setting.data?.enableEmail}
      saving={updateState.isLoading}
      save={(enableEmail) => update({ group_id: group.groupId, enableEmail }).unwrap()}
    />
  );
}
