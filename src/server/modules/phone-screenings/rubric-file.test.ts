import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors';
import { parseRubricFile } from './rubric-file';

/** The message a bad file is refused with (always VALIDATION_FAILED). */
function refusal(text: string, format: 'csv' | 'json' = 'csv'): string {
  try {
    parseRubricFile(text, format);
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe('VALIDATION_FAILED');
    return (err as AppError).message;
  }
  throw new Error('the file was accepted');
}

describe('CSV rubric files', () => {
  it('reads the header in any order and case, quoted commas, line breaks and doubled quotes', () => {
    const csv = [
      'Weight,NAME,Description',
      '30,Safety,"Pre-trip checks, hours of service"',
      '50,Communication,"Explains delays clearly.',
      'Uses ""plain"" words."',
      '20,Reliability,',
    ].join('\r\n');
    expect(parseRubricFile(csv, 'csv')).toEqual([
      { name: 'Safety', description: 'Pre-trip checks, hours of service', weight: 30 },
      { name: 'Communication', description: 'Explains delays clearly.\r\nUses "plain" words.', weight: 50 },
      { name: 'Reliability', description: '', weight: 20 },
    ]);
  });

  it('reads optional behaviour anchors from weak, adequate and strong columns', () => {
    const csv = ['name,weight,Weak answer,Adequate,Strong', 'Safety,60,Skips the pre-trip,Knows the checks,"Walks through checks, found a fault"', 'Punctuality,40,,,'].join('\n');
    expect(parseRubricFile(csv, 'csv')).toEqual([
      { name: 'Safety', description: '', weight: 60, anchors: { weak: 'Skips the pre-trip', adequate: 'Knows the checks', strong: 'Walks through checks, found a fault' } },
      { name: 'Punctuality', description: '', weight: 40 },
    ]);
    expect(refusal(`name,weight,strong\nSafety,100,${'x'.repeat(501)}`)).toBe('Row 2: the strong answer is longer than 500 characters');
  });

  it('scales weights to 100 like the job rubric, the last taking the remainder', () => {
    expect(parseRubricFile('name,description,weight\nA,a,1\nB,b,1\nC,c,1\n', 'csv').map((c) => c.weight)).toEqual([33, 33, 34]);
    expect(parseRubricFile('name,weight\nA,3\nB,2%\n', 'csv')).toEqual([
      { name: 'A', description: '', weight: 60 },
      { name: 'B', description: '', weight: 40 },
    ]);
  });

  it('takes an Excel export: byte order mark, semicolons, decimal commas, blank rows, extra columns', () => {
    const csv = '\uFEFFName;Description;Weight (%);Notes\n\nSafety;Checks;12,5;x\n;;;\nTeamwork;Helps;37,5;\n';
    expect(parseRubricFile(csv, 'csv')).toEqual([
      { name: 'Safety', description: 'Checks', weight: 25 },
      { name: 'Teamwork', description: 'Helps', weight: 75 },
    ]);
  });

  it('names the row (as a spreadsheet numbers it) and the field of every problem', () => {
    const csv = 'name,description,weight\nSafety,"Checks,\nmore checks",40\n,No name,10\nSpeed,Fast,-5\nTone,Kind,\nsafety,Again,10\nCare,Kind,lots\n';
    expect(refusal(csv)).toBe(
      'Row 3: name is missing; Row 4: weight must be a positive number up to 100, not "-5"; Row 5: weight is missing; ' +
        'Row 6: the name "safety" is already used in row 2; give each criterion its own name; Row 7: weight must be a positive number up to 100, not "lots"',
    );
    expect(refusal('name,description,weight\nA,a,200\nB,b,0\nC,c,x\nD,d,x\nE,e,x\nF,f,x\nG,g,x\n')).toMatch(/^Row 2: weight .*; and 2 more problems$/);
  });

  it('refuses a file without the header, empty, too long, or not CSV at all', () => {
    expect(refusal('Safety,Checks,40\n')).toBe('The first row must be a header naming the columns: name, description, weight (found "Safety", "Checks", "40")');
    expect(refusal('  \n')).toMatch(/^The file is empty/);
    expect(refusal('name,description,weight\n\n')).toBe('The file has no criteria. Add one row per criterion under the header row: name, description, weight');
    const rows = Array.from({ length: 21 }, (_, i) => `C${i},d,5`).join('\n');
    expect(refusal(`name,description,weight\n${rows}`)).toBe('The file has 21 criteria; a rubric can have at most 20');
    expect(refusal('PK\u0003\u0004\u0014\u0000binary')).toMatch(/^The file is not a CSV text file/);
    expect(refusal('name,description,weight\nA,"never closed,10\n')).toMatch(/^Line \d+: a quoted field is never closed/);
    expect(refusal(`name,description,weight\nA,${'x'.repeat(1001)},10\n`)).toBe('Row 2: description is longer than 1000 characters');
  });
});

describe('JSON rubric files', () => {
  it('reads anchors as an object or as fields, and refuses anchors that are not text', () => {
    const json = JSON.stringify([
      { name: 'Care', weight: 50, anchors: { weak: 'Rushes the patient', adequate: 'Kind in general', strong: 'Real patient, explained, followed up' } },
      { name: 'Charting', weight: 50, Weak: 'Charts late', strong: 'Charts at the bedside' },
    ]);
    expect(parseRubricFile(json, 'json')).toEqual([
      { name: 'Care', description: '', weight: 50, anchors: { weak: 'Rushes the patient', adequate: 'Kind in general', strong: 'Real patient, explained, followed up' } },
      { name: 'Charting', description: '', weight: 50, anchors: { weak: 'Charts late', adequate: '', strong: 'Charts at the bedside' } },
    ]);
    expect(refusal(JSON.stringify([{ name: 'Care', weight: 100, anchors: { weak: 3 } }]), 'json')).toBe('Criterion 1: the weak answer must be text');
  });

  it('takes a list, or an object with a rubric list, with keys in any case', () => {
    expect(parseRubricFile('[{"name":"A","description":"a","weight":1},{"Name":"B","Weight":"3"}]', 'json')).toEqual([
      { name: 'A', description: 'a', weight: 25 },
      { name: 'B', description: '', weight: 75 },
    ]);
    expect(parseRubricFile('{"rubric":[{"name":"Only","description":"d","weight":100}]}', 'json')).toEqual([{ name: 'Only', description: 'd', weight: 100 }]);
  });

  it('names the criterion and field of every problem', () => {
    expect(refusal('[{"name":"A","weight":50},"B",{"name":"","weight":10},{"name":"C","description":7,"weight":true}]', 'json')).toBe(
      'Criterion 2: must be an object with a name, a description and a weight; Criterion 3: name is missing; Criterion 4: description must be text; Criterion 4: weight must be a positive number up to 100, not true',
    );
    expect(refusal('{"name": "A",', 'json')).toMatch(/^The file is not valid JSON: /);
    expect(refusal('{"criteria": 3}', 'json')).toMatch(/^The JSON must be a list of criteria/);
    expect(refusal('[]', 'json')).toMatch(/^The file has no criteria/);
  });
});
