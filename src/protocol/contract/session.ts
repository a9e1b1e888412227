// Contract rows for signing in and the store's categories: what a fresh session asks first (spec §7).
import { z } from 'zod';
import { LoginRequestSchema, LoginResponseSchema } from '../auth';
import { CategorySchema } from '../entities';
import type { DestinationName } from '../destinations';
import { type ContractEntry, envelopeReply, NoBody, topicReply } from './shared';

export const sessionContract = {
  login: {
    kind: 'query',
    summary: 'Sign in; the only SEND that needs no token.',
    payload: LoginRequestSchema,
    reply: topicReply('loginResponse', LoginResponseSchema,
      'Every refusal (wrong credentials, malformed body, too many attempts, the server busy checking other sign-ins) is `{message}` here, never an envelope.'),
    errors: [],
  },
  getWoocommerceCategories: {
    kind: 'query',
    summary: "The store's product categories (a tree by parent).",
    payload: NoBody,
    reply: envelopeReply('WOOCOMMERCE_CATEGORIES', z.array(CategorySchema)),
    errors: ['SERVICE_UNAVAILABLE'],
  },
} satisfies Partial<Record<DestinationName, ContractEntry>>;
