import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { useGetCurrentUserQuery } from '../../core/current-user-api';
import { useAppDispatch, useAppSelector } from '../../core/hooks';
import { type ModalName, modalClosed, selectActiveModal } from '../../core/modals-slice';
import { HelpDialog } from '../shell/help-dialog';

// The one place modal dialogs render: only the open one that comes first in the
// spec's order shows. A feature opens its dialog with `modalOpened(name)`; to add one, render it
// below under its name. Each dialog is mounted only while it shows, so it starts fresh every time.

function lazyDialog<P>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => ({ default: await load() }));
}

// Billing's dialogs bring Stripe Elements: loaded only when one opens.
const loadBilling = () => import('../../features/billing');
const PaymentDialog = lazyDialog(() => loadBilling().then((m) => m.PaymentDialog));
const PaymentSuccessDialog = lazyDialog(() => loadBilling().then((m) => m.PaymentSuccessDialog));
// The group dialogs; loading their area registers the pending group actions.
const loadGroups = () => import('../../features/groups/group-pages');
const CreateGroupWizard = lazyDialog(() => loadGroups().then((m) => m.CreateGroupWizard));
const JoinGroupDialog = lazyDialog(() => loadGroups().then((m) => m.JoinGroupDialog));
const FeedbackDialog = lazyDialog(() => import('../../features/feedback').then((m) => m.FeedbackDialog));
const SettingsDialog = lazyDialog(() => import('../../features/users').then((m) => m.SettingsDialog));

export function ModalHost() {
  const active = useAppSelector(selectActiveModal);
  const dispatch = useAppDispatch();
  const { data: user } = useGetCurrentUserQuery();
  if (!active) return null;
  const close = () => dispatch(modalClosed(active));

  const dialogs: Partial<Record<ModalName, ReactNode>> = {
    createGroup: <CreateGroupWizard onClose={close} />,
    joinGroup: <JoinGroupDialog onClose={close} />,
    payment: <PaymentDialog mode="subscribe" onClose={close} />,
    updatePayment: <PaymentDialog mode="update" onClose={close} />,
    paymentSuccess: <PaymentSuccessDialog isAdmin={user?.role === 'ADMIN'} onClose={close} />,
    help: <HelpDialog open onClose={close} />,
    feedback: <FeedbackDialog open onClose={close} />,
    mySettings: <SettingsDialog open onClose={close} />,
  };
  return (
    <Suspense fallback={null} key={active}>
      {dialogs[active] ?? null}
    </Suspense>
  );
}
