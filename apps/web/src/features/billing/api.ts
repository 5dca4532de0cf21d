import { billingCallPaths, type billingCalls, type CallRequest, type CallResponse } from '@leadcircle/shared';
import { baseApi } from '../../core/base-api';

// The billing calls. The business is the billing account.
type Call = typeof billingCalls;

export const billingApi = baseApi
  .enhanceEndpoints({ addTagTypes: ['Billing', 'PaymentMethod', 'Invoices'] })
  .injectEndpoints({
    endpoints: (build) => ({
      getBillingInfo: build.query<CallResponse<Call['get']>, void>({
        query: () => ({ call: billingCallPaths.get, body: {} }),
        providesTags: ['Billing'],
      }),
      getPaymentMethod: build.query<CallResponse<Call['getPaymentMethod']>, void>({
        query: () => ({ call: billingCallPaths.getPaymentMethod, body: {} }),
        providesTags: ['PaymentMethod'],
      }),
      getInvoices: build.query<CallResponse<Call['invoices']>, void>({
        query: () => ({ call: billingCallPaths.invoices, body: {} }),
        providesTags: ['Invoices'],
      }),
      // Local provider only: what Stripe.js does in the browser when Stripe is configured.
      localCreatePaymentMethod: build.mutation<
        CallResponse<Call['localCreatePaymentMethod']>,
        CallRequest<Call['localCreatePaymentMethod']>
      >({
        query: (body) => ({ call: billingCallPaths.localCreatePaymentMethod, body }),
      }),
      createCustomer: build.mutation<CallResponse<Call['createCustomer']>, CallRequest<Call['createCustomer']>>({
        query: (body) => ({ call: billingCallPaths.createCustomer, body }),
        invalidatesTags: ['Billing'],
      }),
      // The user's hasPaymentMethod follows the business's payment method.
      updatePayment: build.mutation<CallResponse<Call['updatePayment']>, CallRequest<Call['updatePayment']>>({
        query: (body) => ({ call: billingCallPaths.updatePayment, body }),
        invalidatesTags: ['PaymentMethod', 'Billing', 'CurrentUser'],
      }),
      // After subscribing, the user is fetched again (its active flag changes).
      startSubscription: build.mutation<
        CallResponse<Call['startSubscription']>,
        CallRequest<Call['startSubscription']>
      >({
        query: (body) => ({ call: billingCallPaths.startSubscription, body }),
        invalidatesTags: ['Billing', 'Invoices', 'CurrentUser', 'Business'],
      }),
    }),
  });

export const {
  useGetBillingInfoQuery,
  useGetPaymentMethodQuery,
  useGetInvoicesQuery,
  useLocalCreatePaymentMethodMutation,
  useCreateCustomerMutation,
  useUpdatePaymentMutation,
  useStartSubscriptionMutation,
} = billingApi;
