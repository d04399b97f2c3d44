// The export errors: the four of spec section 8 (the English text as the spec words it), which guard the module against
// data no screen passes, and the one a person can meet (the Excel writer not loading, e.g. offline); each has a code the
// UI translates.
import { EXPORT_ERRORS } from '@quayline/domain';

export type TExportErrorCode = 'invalid_rows' | 'invalid_json' | 'string_data' | 'unknown_type' | 'writer_unavailable';

/** Locale key (`export.errors.*`); `{{type}}` is interpolated where the English text names the type. */
export const exportErrorKey = (code: TExportErrorCode) => `export.errors.${code}` as const;

function englishText(code: TExportErrorCode, type: string): string {
  switch (code) {
    case 'invalid_rows':
      return EXPORT_ERRORS.notArrayOfObjects;
    case 'invalid_json':
      return EXPORT_ERRORS.invalidJson;
    case 'string_data':
      return EXPORT_ERRORS.stringData(type);
    case 'unknown_type':
      return EXPORT_ERRORS.unknownType(type);
    case 'writer_unavailable':
      return `The ${type} writer could not be loaded. Check the connection and try again.`;
  }
}

export class ExportError extends Error {
  readonly code: TExportErrorCode;
  /** The export type the caller asked for, as given (it may be unknown). */
  readonly type: string;

  constructor(code: TExportErrorCode, type: string) {
    super(englishText(code, type));
    this.name = 'ExportError';
    this.code = code;
    this.type = type;
  }

  get translationKey() {
    return exportErrorKey(this.code);
  }
}
