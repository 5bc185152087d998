// Sign-up and sign-in rules shared by the form and the server (seed 000 §5).
import { z } from 'zod';
import { LIMITS } from './constants';
import { HOMEOWNER_MESSAGES, PRODUCT_MESSAGES } from './messages';

export const emailSchema = z
  .string({ error: PRODUCT_MESSAGES.emailRequired })
  .trim()
  .min(1, PRODUCT_MESSAGES.emailRequired)
  .max(LIMITS.emailMaxLength, PRODUCT_MESSAGES.tooLong('Email', LIMITS.emailMaxLength))
  .pipe(z.email(PRODUCT_MESSAGES.emailInvalid));

export const passwordSchema = z.string().min(LIMITS.passwordMinLength, HOMEOWNER_MESSAGES.passwordTooShort);

export const signUpSchema = z.object({
  name: z
    .string({ error: PRODUCT_MESSAGES.fullNameRequired })
    .trim()
    .min(1, PRODUCT_MESSAGES.fullNameRequired)
    .max(LIMITS.nameMaxLength, PRODUCT_MESSAGES.tooLong('Full name', LIMITS.nameMaxLength)),
  email: emailSchema,
  password: passwordSchema,
});
export type SignUpInput = z.infer<typeof signUpSchema>;

export const signInSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, HOMEOWNER_MESSAGES.authGenericError),
});
export type SignInInput = z.infer<typeof signInSchema>;
