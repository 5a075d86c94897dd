/**
 * The kinds of file the app writes, one list: a file name's extension names its format (".ndjson" is not ".json"),
 * whatever its case, and each format's extension is its own.
 */
import { describe, expect, it } from 'vitest';
import {
  EXPORT_FORMAT_IDS,
  EXPORT_FORMATS,
  FILE_FORMATS,
  exportFormatOf,
  fileFormatOf,
  isExportFormat,
} from '../../../shared/file-formats';

describe('file formats', () => {
  it('a file name says its format by its extension', () => {
    expect(fileFormatOf('bulk-x-20261123-120347.ndjson')?.mime).toBe('application/x-ndjson; charset=utf-8');
    expect(fileFormatOf('answer-8.8.8.8-20261123.json')?.label).toBe('JSON');
    expect(fileFormatOf('RESULTS.CSV')?.mime).toBe('text/csv; charset=utf-8');
    expect(fileFormatOf('notes.docx')).toBeNull();
    // Block lists: ".txt" (plain and fail2ban lists) is text, ".nft" and ".ipset" too.
    expect(fileFormatOf('blocklist-x-20261123-120347.nft')?.mime).toBe('text/plain; charset=utf-8');
    expect(fileFormatOf('fail2ban-x-20261123-120347.txt')?.mime).toBe('text/plain; charset=utf-8');
    expect(fileFormatOf('no-extension')).toBeNull();
    expect(exportFormatOf('/tmp/out/results.NDJSON')).toBe('ndjson');
    expect(exportFormatOf('results.xml')).toBeNull();
  });

  it('the ids are the list in its order, each with an extension of its own', () => {
    expect(EXPORT_FORMAT_IDS).toEqual(Object.keys(EXPORT_FORMATS));
    expect(EXPORT_FORMAT_IDS).toEqual(expect.arrayContaining(['csv', 'json', 'ndjson']));
    expect(EXPORT_FORMAT_IDS.every(isExportFormat)).toBe(true);
    expect(isExportFormat('xml')).toBe(false);
    expect(isExportFormat('toString')).toBe(false);
    const extensions = FILE_FORMATS.map((f) => f.extension);
    expect(new Set(extensions).size).toBe(extensions.length);
    for (const id of EXPORT_FORMAT_IDS)
      expect(fileFormatOf(`x.${EXPORT_FORMATS[id].extension}`)).toBe(EXPORT_FORMATS[id]);
  });
});
