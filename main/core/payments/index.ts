export { createPaymentService } from './create-payment-service';
export type { EngineTuning, PaymentServiceDeps, PaymentSettings } from './payment-deps';
export type { PaymentService, SaleProgress } from './payment-service';
