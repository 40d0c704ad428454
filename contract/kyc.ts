/**
 * The KYC center (/m/member/kyc; spec sections 2 and 5): the member uploads
 * the front and the back of an ID document (png or jpg, at most 5 MB each;
 * both at once: 'Please upload front/back of your ID'), the operator
 * approves or rejects it with the operator command line, and, with the
 * merchant's KYCWITHDRAW3 switch on, a withdrawal needs an approved check
 * (403 kyc.required).
 */
import * as z from 'zod/mini';
import { defineEndpoint } from './endpoint.ts';
import { iconDataUrlSchema } from './member.ts';

export const kycStatuses = ['none', 'pending', 'approved', 'rejected'] as const;
export type KycStatus = (typeof kycStatuses)[number];

export const kycStateSchema = z.object({
  /** none: nothing sent yet; pending: waiting for the operator; approved; rejected (send again). */
  status: z.enum(kycStatuses),
  /** When the images were sent (ISO 8601), or null. */
  submittedAt: z.nullable(z.string()),
  /** When the operator decided (ISO 8601), or null. */
  reviewedAt: z.nullable(z.string()),
  /** The operator's reason of a rejection (plain text), or null. */
  reason: z.nullable(z.string()),
  /** Whether a withdrawal needs an approved check (the KYCWITHDRAW3 switch). */
  requiredForWithdrawal: z.boolean(),
});
export type KycState = z.infer<typeof kycStateSchema>;

export const kycStateEndpoint = defineEndpoint({
  method: 'GET',
  path: '/wps/member/kyc',
  tag: 'member',
  summary: "The member's identity check: its status, dates, the rejection reason, and whether withdrawals need it",
  value: kycStateSchema,
  auth: true,
});

export const kycSubmitBodySchema = z.object({
  /** The ID's front and back as png or jpg data URLs (at most 5 MB decoded each); empty: not chosen. */
  front: z.optional(iconDataUrlSchema),
  back: z.optional(iconDataUrlSchema),
});
export type KycSubmitBody = z.infer<typeof kycSubmitBodySchema>;

export const kycSubmitEndpoint = defineEndpoint({
  method: 'POST',
  path: '/wps/member/kyc',
  tag: 'member',
  summary:
    'Sends the ID front and back for the operator to check (kyc.images.required without both; upload.type.invalid, upload.too.large; 409 kyc.already.submitted while pending or once approved; trial.forbidden)',
  body: kycSubmitBodySchema,
  value: kycStateSchema,
  auth: true,
});
