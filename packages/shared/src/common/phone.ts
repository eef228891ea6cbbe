/**
 * A phone number as people write it: 6 to 20 digits, spaces, brackets and dashes, with an
 * optional leading +. No zod: the web app's pages check it before sending.
 */
export const PHONE_PATTERN = /^\+?[0-9 ()-]{6,20}$/;
