// The in-memory login throttle (server/auth/throttle.ts) of a single process: the rules' contract.
import { createLoginThrottle } from '../../../server/auth/throttle';
import { throttleContract } from '../../support/throttle-contract';

throttleContract('in memory', async (limits, now) => createLoginThrottle(limits, now));
