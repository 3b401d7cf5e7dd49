/**
 * Whether "Betal med Vipps" can be chosen. Off until the Vipps payment is in place; switching it on is all
 * the wizard needs: the choice sets draft.vipps = true, posts, and follows the address the server answers.
 */
export const vippsEnabled = false;
