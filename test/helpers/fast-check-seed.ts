/**
 * Every property test (fast-check) in the unit layer draws from one fixed seed, so one commit always decides the
 * same. A failure prints its seed and path (fast-check's report); FC_SEED=<n> tries another seed for a whole run.
 * The model-based test passes its own seeds (GATE_SEEDS) and is explored apart (`npm run test:explore`).
 */
import fc from 'fast-check';

export const FC_SEED = process.env.FC_SEED ? Number(process.env.FC_SEED) : 20261126;
fc.configureGlobal({ ...fc.readConfigureGlobal(), seed: FC_SEED });
