/**
 * Whether "Betal med Vipps" can be chosen: the choice sets draft.vipps = true, posts, and follows the address
 * the server answers (Vipps, or the built-in simulator without Vipps credentials; see docs/operations.md, "Running locally without keys").
 */
export const vippsEnabled = true;
