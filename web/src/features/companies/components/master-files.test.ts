import { describe, expect, it } from 'vitest';
import { parseMasterFile, templateOf } from './master-files';

const csv = (name: string, content: string) => new File([content], name, { type: 'text/csv' });

describe('master data files', () => {
  it('reads a semicolon CSV with a byte order mark, EAN lists and retirement marks', async () => {
    const file = csv(
      'skus.csv',
      '\uFEFFConsignee;Code;Name;UOM;EANs;Inactive\r\nC1;SKU-1;Water 1.5 l;pcs;4750000000017 47500017;\r\nC1;SKU-2;Juice;;;yes\r\n',
    );
    const parsed = await parseMasterFile(file, 'skus');
    expect(parsed.problems).toEqual([]);
    expect(parsed.records).toEqual([
      {
        consignee: 'C1',
        code: 'SKU-1',
        name: 'Water 1.5 l',
        uom: 'pcs',
        eans: ['4750000000017', '47500017'],
      },
      { consignee: 'C1', code: 'SKU-2', name: 'Juice', inactive: true },
    ]);
    expect(parsed.rows).toEqual([[2], [3]]);
  });

  it('groups vendor rows into one vendor with its addresses', async () => {
    const file = csv(
      'vendors.csv',
      'consignee,code,name,default_currency,address_code,address_name\nC1,V1,Vendor One,EUR,V1-A,"Dock 3, Riga"\nC1,V1,Vendor One,EUR,V1-B,Dock 4\nC1,V2,Vendor Two,,,\n',
    );
    const parsed = await parseMasterFile(file, 'vendors');
    expect(parsed.records).toEqual([
      {
        consignee: 'C1',
        code: 'V1',
        name: 'Vendor One',
        default_currency: 'EUR',
        addresses: [
          { code: 'V1-A', name: 'Dock 3, Riga' },
          { code: 'V1-B', name: 'Dock 4' },
        ],
      },
      { consignee: 'C1', code: 'V2', name: 'Vendor Two' },
    ]);
    expect(parsed.rows).toEqual([[2, 3], [4]]);
  });

  it('gives consignees without a company column the company of the page', async () => {
    const parsed = await parseMasterFile(
      csv('consignees.csv', 'code,name,business_line\nC1,Client One,Retail\n'),
      'consignees',
      { company: 'ACME' },
    );
    expect(parsed.records).toEqual([
      { code: 'C1', name: 'Client One', business_line: 'Retail', company: 'ACME' },
    ]);
  });

  it('refuses a header the catalog does not know, naming it with the columns there are', async () => {
    const misspelt = await parseMasterFile(
      csv('skus.csv', 'consignee,code,name,Inactve,\nC1,SKU-1,Water,yes,\n'),
      'skus',
    );
    expect(misspelt.records).toEqual([]);
    expect(misspelt.problems).toEqual([
      {
        kind: 'unknownColumns',
        columns: ['Inactve'],
        allowed: ['consignee', 'code', 'name', 'uom', 'eans', 'inactive'],
      },
    ]);
  });

  it('names missing columns, and rows it cannot use, without sending them', async () => {
    const missing = await parseMasterFile(csv('skus.csv', 'code,name\nSKU-1,Water\n'), 'skus');
    expect(missing.problems).toEqual([{ kind: 'missingColumns', columns: ['consignee'] }]);
    const invalid = await parseMasterFile(
      csv('skus.csv', 'consignee,code,name,eans\nC1,SKU-1,Water,12345\nC1,SKU-2,Juice,\n'),
      'skus',
    );
    expect(invalid.problems).toEqual([
      { kind: 'invalid', row: 2, header: 'eans', value: '12345', reason: 'ean' },
    ]);
    expect(invalid.records).toEqual([{ consignee: 'C1', code: 'SKU-2', name: 'Juice' }]);
    const empty = await parseMasterFile(csv('uoms.csv', 'name\n'), 'uoms');
    expect(empty.problems).toEqual([{ kind: 'empty' }]);
  });

  it('offers a template with every column of the catalog', () => {
    expect(templateOf('customers')).toBe(
      'consignee,code,name,default_currency,address_code,address_name,inactive\r\n',
    );
  });

  it('reads unit codes without regard to case and sends each as the unit’s own code', async () => {
    const parsed = await parseMasterFile(
      csv(
        'skus.csv',
        'consignee,code,name,uom\nC1,SKU-1,Water,PCS\nC1,SKU-2,Juice, Box \nC1,SKU-3,Salt,Kg\n',
      ),
      'skus',
      { units: ['pcs', 'box', 'kg'] },
    );
    expect(parsed.problems).toEqual([]);
    expect(parsed.records.map((record) => (record as { uom: string }).uom)).toEqual(['pcs', 'box', 'kg']);
  });

  it('names the row, the header as the file writes it and the value of a shifted column, with the units there are', async () => {
    // The EAN slipped into the unit's column, the unit into the EANs'.
    const parsed = await parseMasterFile(
      csv(
        'skus.csv',
        'Consignee;Code;Name;UOM;EANs\nC1;SKU-1;Water;pcs;4750000000017\nC1;SKU-2;Juice;4750000000024;pcs\n',
      ),
      'skus',
      { units: ['pcs', 'box'] },
    );
    expect(parsed.problems).toEqual([
      {
        kind: 'invalid',
        row: 3,
        header: 'UOM',
        value: '4750000000024',
        reason: 'unit',
        allowed: ['pcs', 'box'],
      },
      { kind: 'invalid', row: 3, header: 'EANs', value: 'pcs', reason: 'ean' },
    ]);
    expect(parsed.rows).toEqual([[2]]);
    expect(parsed.headers).toMatchObject({ uom: 'UOM', eans: 'EANs', consignee: 'Consignee' });
  });
  it('names each cell of a record that is wrong, an address by its own row', async () => {
    const parsed = await parseMasterFile(
      csv(
        'vendors.csv',
        `consignee,code,name,address_code,address_name\nC1,V1,,A1,Dock 1\nC1,V1,,A2,\nC1,V2,${'x'.repeat(501)},,\n`,
      ),
      'vendors',
    );
    expect(parsed.problems).toEqual([
      { kind: 'invalid', row: 2, header: 'name', value: '', reason: 'required' },
      { kind: 'invalid', row: 3, header: 'address_name', value: '', reason: 'required' },
      { kind: 'invalid', row: 4, header: 'name', value: 'x'.repeat(501), reason: 'tooLong', max: 500 },
    ]);
  });

  it('writes the note of a template as a row that reading the file skips', async () => {
    const template = templateOf('skus', 'Units (column uom): pcs, box; "EAN": digits');
    expect(template).toBe(
      'consignee,code,name,uom,eans,inactive\r\n"# Units (column uom): pcs, box; ""EAN"": digits"\r\n',
    );
    const parsed = await parseMasterFile(csv('skus.csv', `${template}C1,SKU-1,Water,pcs,,\r\n`), 'skus');
    expect(parsed.problems).toEqual([]);
    expect(parsed.rows).toEqual([[3]]);
  });
});
