// Request bodies of the contractor calls (seed 001 §3, §5, §9): the add form in camelCase with the seed's
// defaults, the edit call's snake_case updates. Every message names its field, so the client can show
// 'Failed to add contractor.' followed by what to fix.
import { z } from 'zod';
import { CONTRACTOR_DEFAULTS, SUBSCRIPTION_TIERS } from './constants';
import { BACK_OFFICE_MESSAGES, PRODUCT_MESSAGES } from './messages';
import { emailSchema } from './auth.schema';

const tierMessage = `Subscription tier must be one of ${SUBSCRIPTION_TIERS.join(', ')}`;

/** A price in dollars: a number or numeric text, at least 0, kept to cents (the form's step is 0.01). */
const money = (label: string) =>
  z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^-?\d+(\.\d+)?$/)
          .transform(Number),
      ],
      { error: `${label} must be a number` },
    )
    .pipe(
      z
        .number()
        .finite(`${label} must be a number`)
        .min(0, `${label} must be 0 or more`)
        .max(1_000_000, `${label} must be at most 1,000,000`),
    )
    .transform((value) => Math.round(value * 100) / 100);

/** A price or cap that may be left empty (null: the default, or no cap). */
const optionalMoney = (label: string) => z.preprocess((value) => (value === '' ? null : value), money(label).nullable().optional());
const optionalCount = (label: string) =>
  z.preprocess(
    (value) => (value === '' ? null : value),
    z
      .number({ error: `${label} must be a whole number` })
      .int(`${label} must be a whole number`)
      .min(0, `${label} must be 0 or more`)
      .max(100_000, `${label} must be at most 100,000`)
      .nullable()
      .optional(),
  );

const zipList = z
  .array(
    z
      .string()
      .trim()
      .regex(/^\d{5}$/, PRODUCT_MESSAGES.zipFormat),
    { error: 'Assigned ZIP codes must be a list of 5-digit ZIP codes' },
  )
  .max(500)
  .transform((zips) => [...new Set(zips)].sort());

const name = z
  .string({ error: PRODUCT_MESSAGES.fieldRequired('Name') })
  .trim()
  .min(1, PRODUCT_MESSAGES.fieldRequired('Name'))
  .max(160, PRODUCT_MESSAGES.tooLong('Name', 160));

export const addContractorSchema = z.object({
  name,
  email: emailSchema,
  assignedZipCodes: zipList.default([]),
  servesAllZipcodes: z.boolean({ error: 'servesAllZipcodes must be true or false' }).default(false),
  pricePerLead: money('Price per lead').default(CONTRACTOR_DEFAULTS.pricePerLead),
  monthlySubscriptionFee: money('Monthly subscription fee').default(CONTRACTOR_DEFAULTS.monthlySubscriptionFee),
  isActiveSubscriber: z.boolean({ error: 'isActiveSubscriber must be true or false' }).default(CONTRACTOR_DEFAULTS.isActiveSubscriber),
  subscriptionTier: z.enum(SUBSCRIPTION_TIERS, { error: tierMessage }).default(CONTRACTOR_DEFAULTS.subscriptionTier),
  exclusivePrice: optionalMoney('Exclusive price'),
  monthlyLeadCap: optionalCount('Monthly lead cap'),
  monthlySpendCap: optionalMoney('Monthly spend cap'),
});
export type AddContractorInput = z.output<typeof addContractorSchema>;

const contractorId = z
  .string({ error: BACK_OFFICE_MESSAGES.contractorIdMissing })
  .trim()
  .min(1, BACK_OFFICE_MESSAGES.contractorIdMissing)
  .max(100);

export const updateContractorSchema = z.object({
  // First, so a request without it answers 'Contractor ID is missing.' whatever else is wrong.
  contractorId,
  updates: z
    .object(
      {
        name: name.optional(),
        email: emailSchema.optional(),
        subscription_tier: z.enum(SUBSCRIPTION_TIERS, { error: tierMessage }).optional(),
        is_active_subscriber: z.boolean({ error: 'is_active_subscriber must be true or false' }).optional(),
        serves_all_zipcodes: z.boolean({ error: 'serves_all_zipcodes must be true or false' }).optional(),
        price_per_lead: money('Price per lead').optional(),
        monthly_subscription_fee: money('Monthly subscription fee').optional(),
        assigned_zip_codes: zipList.optional(),
        exclusive_price: optionalMoney('Exclusive price'),
        monthly_lead_cap: optionalCount('Monthly lead cap'),
        monthly_spend_cap: optionalMoney('Monthly spend cap'),
      },
      { error: 'updates must be an object of contractor fields' },
    )
    .default({}),
});
export type ContractorUpdates = z.output<typeof updateContractorSchema>['updates'];

/** Optional settings an admin may give when approving an application; the rest take the add form's defaults. */
// A call without a body arrives as null.
export const approveApplicationSchema = z.preprocess((body) => body ?? {}, addContractorSchema.omit({ name: true, email: true }));
