import { zodResolver } from '@hookform/resolvers/zod';
import {
  DEFAULT_COUNTRY,
  MESSAGES,
  maskCard,
  PAYMENT_DIALOG_WIDTHS,
  type PaymentMethodDetails,
  ROUTES,
  routePath,
  SUBSCRIPTION_TYPE,
} from '@leadcircle/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { CardNumberElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { type ReactNode, useEffect, useState } from 'react';
import { type Control, Controller, useForm } from 'react-hook-form';
import { FormTextField } from '../../../components/form-text-field';
import { useNotify } from '../../../components/use-notify';
import { useAppDispatch, useAppSelector } from '../../../core/hooks';
import { finishPaymentFlow } from '../../../core/pending-actions';
import { navigateTo } from '../../../lib/navigation';
import {
  billingApi,
  useCreateCustomerMutation,
  useGetBillingInfoQuery,
  useLocalCreatePaymentMethodMutation,
  useStartSubscriptionMutation,
  useUpdatePaymentMutation,
} from '../api';
import { stripeKeyOf, useBillingConfig } from '../billing-config';
import { type PaymentFormInput, type PaymentFormValues, paymentFormSchema } from '../payment-form';
import { getStripe } from '../stripe';
import { type PaymentMode, type PaymentSteps, submitPayment } from '../submit-payment';
import { CountryField } from './country-field';
import { LocalCardFields } from './local-card-fields';
import { StripeCardFields } from './stripe-card-fields';
import { SubscriptionBanner } from './subscription-banner';

type CreatePaymentMethod = (values: PaymentFormValues) => ReturnType<PaymentSteps['createPaymentMethod']>;

interface PaymentDialogProps {
  mode: PaymentMode;
  onClose: () => void;
}

const titles: Record<PaymentMode, string> = { subscribe: 'Subscribe', update: 'Update payment method' };
const submitLabels: Record<PaymentMode, string> = { subscribe: 'Subscribe', update: 'Update payment method' };

/**
 * The Payment dialog: billing details and the card, in subscribe or update mode.
 * 30% of a wide screen, 75% of a narrow one. Mounted only while open, so the saved payment method is
 * fetched again every time it opens.
 */
export function PaymentDialog({ mode, onClose }: PaymentDialogProps) {
  const [isBusy, setIsBusy] = useState(false);
  const titleId = `payment-dialog-${mode}-title`;
  const [wide, narrow] = PAYMENT_DIALOG_WIDTHS;
  return (
    <Dialog
      open
      onClose={isBusy ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth={false}
      slotProps={{ paper: { sx: { width: { xs: narrow, md: wide }, maxWidth: 'none' } } }}
    >
      <DialogTitle id={titleId}>{titles[mode]}</DialogTitle>
      <PaymentDialogBody mode={mode} onClose={onClose} onBusyChange={setIsBusy} />
    </Dialog>
  );
}

interface BodyProps extends PaymentDialogProps {
  onBusyChange: (isBusy: boolean) => void;
}

function PaymentDialogBody(props: BodyProps) {
  const billing = useBillingConfig();
  const stripeKey = stripeKeyOf(billing);
  const saved = useSavedPaymentMethod();
  const billingInfo = useGetBillingInfoQuery(undefined, { refetchOnMountOrArgChange: true });

  if (saved === undefined || billingInfo.isLoading) {
    return (
      <DialogContent sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
        <CircularProgress aria-label="Loading" />
      </DialogContent>
    );
  }
  const formProps = { ...props, saved, activeUsers: billingInfo.data?.activeUsers ?? 1 };
  if (stripeKey) {
    return (
      <Elements stripe={getStripe(stripeKey)}>
        <StripePaymentForm {...formProps} />
      </Elements>
    );
  }
  return <LocalPaymentForm {...formProps} />;
}

/**
 * The saved payment method, asked of the server afresh each time the dialog opens,
 * never a cached answer; undefined until it answers, null when there is none (or it cannot say).
 */
function useSavedPaymentMethod(): PaymentMethodDetails | null | undefined {
  const dispatch = useAppDispatch();
  const [saved, setSaved] = useState<PaymentMethodDetails | null | undefined>(undefined);
  useEffect(() => {
    const request = dispatch(billingApi.endpoints.getPaymentMethod.initiate(undefined, { forceRefetch: true }));
    request.unwrap().then(
      (answer) => setSaved(answer.paymentMethodDetails),
      () => setSaved(null),
    );
    return () => request.unsubscribe();
  }, [dispatch]);
  return saved;
}

interface FormProps extends BodyProps {
  saved: PaymentMethodDetails | null;
  activeUsers: number;
}

function LocalPaymentForm(props: FormProps) {
  const [createLocalPaymentMethod] = useLocalCreatePaymentMethodMutation();
  const createPaymentMethod: CreatePaymentMethod = async ({ billing, card }) => {
    if (!card) return { error: MESSAGES.unknownError };
    return createLocalPaymentMethod({
      number: card.number,
      exp_month: card.expMonth,
      exp_year: card.expYear,
      cvc: card.cvc,
      billing_details: {
        email: billing.email,
        name: billing.cardName,
        country: billing.country,
        postal_code: billing.zipCode,
      },
    }).unwrap();
  };
  return (
    <PaymentForm
      {...props}
      provider="local"
      createPaymentMethod={createPaymentMethod}
      cardFields={(control) => <LocalCardFields control={control} />}
    />
  );
}

function StripePaymentForm(props: FormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const createPaymentMethod: CreatePaymentMethod = async ({ billing }) => {
    const card = elements?.getElement(CardNumberElement);
    if (!stripe || !card) return { error: MESSAGES.unknownError };
    const result = await stripe.createPaymentMethod({
      type: 'card',
      card,
      billing_details: {
        email: billing.email,
        name: billing.cardName,
        address: { country: billing.country, postal_code: billing.zipCode },
      },
    });
    if (result.error) return { error: result.error.message ?? MESSAGES.unknownError };
    return { paymentMethodId: result.paymentMethod.id };
  };
  return (
    <PaymentForm
      {...props}
      provider="stripe"
      createPaymentMethod={createPaymentMethod}
      cardFields={() => <StripeCardFields />}
    />
  );
}

interface PaymentFormProps extends FormProps {
  provider: 'local' | 'stripe';
  createPaymentMethod: CreatePaymentMethod;
  // biome-ignore lint/suspicious/noExplicitAny: the form's transformed output does not matter here.
  cardFields: (control: Control<PaymentFormInput, any, any>) => ReactNode;
}

function PaymentForm({
  mode,
  onClose,
  onBusyChange,
  saved,
  activeUsers,
  provider,
  createPaymentMethod,
  cardFields,
}: PaymentFormProps) {
  const dispatch = useAppDispatch();
  const notify = useNotify();
  const userInfo = useAppSelector((state) => state.session.userInfo);
  const [createCustomer] = useCreateCustomerMutation();
  const [updatePayment] = useUpdatePaymentMutation();
  const [startSubscription] = useStartSubscriptionMutation();
  const [failure, setFailure] = useState<string | null>(null);

  const { control, handleSubmit, formState } = useForm<PaymentFormInput, unknown, PaymentFormValues>({
    resolver: zodResolver(paymentFormSchema(provider)),
    defaultValues: {
      email: saved?.email ?? userInfo?.email ?? '',
      cardName: saved?.name ?? '',
      country: saved?.country ?? DEFAULT_COUNTRY,
      zipCode: saved?.postalCode ?? '',
      cardNumber: '',
      cardExpiry: '',
      cardCvc: '',
    },
  });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    onBusyChange(true);
    try {
      const outcome = await submitPayment(mode, {
        createPaymentMethod: () => createPaymentMethod(values),
        getCustomerId: async () => {
          const info = await dispatch(
            billingApi.endpoints.getBillingInfo.initiate(undefined, { forceRefetch: true, subscribe: false }),
          ).unwrap();
          return info.customerId;
        },
        createCustomer: async () => (await createCustomer({}).unwrap()).customerId,
        updatePayment: async (paymentMethodId) => {
          await updatePayment({ payment_method_id: paymentMethodId }).unwrap();
        },
        startSubscription: () => startSubscription({ subscription_type: SUBSCRIPTION_TYPE }).unwrap(),
      });
      if (!outcome.ok) {
        setFailure(outcome.message);
        return;
      }
      if (mode === 'update') {
        if (outcome.message) notify.success(outcome.message);
        onClose();
        return;
      }
      // Subscribed: run the group action that waited for it, then go to that group's leads.
      const pending = await dispatch(finishPaymentFlow());
      // This dialog is gone by now: the router itself navigates.
      if (pending?.groupId) navigateTo(routePath(ROUTES.groupLeads, { group_id: pending.groupId }));
    } finally {
      onBusyChange(false);
    }
  });

  const isBusy = formState.isSubmitting;
  return (
    <Box component="form" onSubmit={submit} noValidate>
      <DialogContent sx={{ pt: 0 }}>
        {mode === 'subscribe' && <SubscriptionBanner activeUsers={activeUsers} />}
        {mode === 'update' && saved && (
          <Typography variant="body2" color="text.secondary">
            Current card: {maskCard(saved.last4, saved.brand)}
          </Typography>
        )}
        {failure && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {failure}
          </Alert>
        )}
        <FormTextField control={control} name="email" label="Email" type="email" autoComplete="email" />
        <FormTextField control={control} name="cardName" label="Name on card" autoComplete="cc-name" />
        <Controller
          control={control}
          name="country"
          render={({ field, fieldState }) => (
            <CountryField
              value={field.value ?? DEFAULT_COUNTRY}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
            />
          )}
        />
        <FormTextField control={control} name="zipCode" label="Zip code" autoComplete="postal-code" />
        {cardFields(control)}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={isBusy}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" loading={isBusy}>
          {submitLabels[mode]}
        </Button>
      </DialogActions>
    </Box>
  );
}
