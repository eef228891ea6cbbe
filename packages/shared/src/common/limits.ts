/** Largest accepted upload (avatars, covers); app config reports the value in force. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
