/** Where the national-size files live in a folder, under the names the importer reads. */
import path from 'node:path';

export interface NationalSizes {
  nppes: number;
  weekly: number;
  dmf: number;
  dmfUpdate: number;
  seed: number;
}

export function nationalFiles(dir: string) {
  return {
    nppesFull: path.join(dir, 'npidata_pfile_20050523-20241020.csv'),
    nppesWeekly: path.join(dir, 'npidata_pfile_20241021-20241027.csv'),
    nppesDeactivations: path.join(dir, 'NPPES_Deactivated_NPI_Report_20241027.csv'),
    dmfFull: path.join(dir, 'dmf-full-202410.txt'),
    dmfUpdate: path.join(dir, 'dmf-monthly-update-202411.txt'),
  };
}
