/** The largest file a push sends inline (`base64`): the document caps inline bytes at 1 MB. */
export const MAX_FILE_BYTES = 1_000_000;

/** The longest file name the service takes. */
export const MAX_FILE_NAME_LENGTH = 256;
