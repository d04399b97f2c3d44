// Writes rows as CSV (spec rules) or as a real Excel workbook.
import { type TLocale, csvConventionsOf, toCsv } from '@quayline/domain';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';

export type TDownloadFormat = 'csv' | 'xls' | 'xlsx';
export type TDownloadFile = { body: Buffer; contentType: string; fileName: string };

/**
 * A CSV follows the reader's language (`;` and decimal commas in German, French and Spanish, as their spreadsheets
 * read them); a workbook keeps numbers as numbers, which every spreadsheet shows in its own language.
 */
export async function renderDownload(args: { rows: Record<string, unknown>[]; columns: { key: string; header: string }[]; format: TDownloadFormat; locale: TLocale; bom: boolean; baseName: string; sheetName: string }): Promise<TDownloadFile> {
  if (args.format === 'csv') {
    const csv = toCsv(args.rows, { columns: args.columns, bom: args.bom, ...csvConventionsOf(args.locale) });
    return { body: Buffer.from(csv, 'utf8'), contentType: 'text/csv; charset=utf-8', fileName: `${args.baseName}.csv` };
  }
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Quayline';
  const sheet = workbook.addWorksheet(args.sheetName.slice(0, 31));
  sheet.columns = args.columns.map((c) => ({ header: c.header, key: c.key, width: Math.max(12, c.header.length + 2) }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  for (const row of args.rows) sheet.addRow(row);
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: args.columns.length } };
  const buffer = await workbook.xlsx.writeBuffer();
  return { body: Buffer.from(buffer), contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', fileName: `${args.baseName}.xlsx` };
}

/** Answers with the file as an attachment that no cache keeps. */
export function sendDownload(reply: FastifyReply, file: TDownloadFile) {
  return reply.header('content-type', file.contentType).header('content-disposition', `attachment; filename="${file.fileName}"`).header('cache-control', 'no-store').send(file.body);
}
