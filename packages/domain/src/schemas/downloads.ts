// What every download of spec section 2 takes besides its own filters: the file type (csv or xls; xlsx is the same
// workbook), the language of its headers, labels and number format, and the byte-order mark a spreadsheet needs.
import { z } from 'zod';
import { ZLocale } from '../locales';

export const DOWNLOAD_FILE_TYPES = ['csv', 'xls', 'xlsx'] as const;
export const ZDownloadFileType = z.enum(DOWNLOAD_FILE_TYPES, { message: 'Use csv or xls' });
export type TDownloadFileType = z.infer<typeof ZDownloadFileType>;

export const ZDownloadBom = z.enum(['true', 'false']).default('true').transform((v) => v === 'true');

/** `type` is the spec's name; `locale` defaults to the user's profile language. */
export const ZDownloadFileOptions = z.object({
  type: ZDownloadFileType.default('csv'),
  locale: ZLocale.optional(),
  bom: ZDownloadBom,
});
