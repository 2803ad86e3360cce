"""Writes two state fixtures with other programs' spreadsheet writers, so the readers are
checked against files this project did not write: tx-xlwt.xls (xlwt 1.3, BIFF8) and
ny-openpyxl.xlsx (openpyxl 3.0). Same rows as tx.csv and ny.csv.

    apt-get install python3-xlwt python3-openpyxl
    /usr/bin/python3 scripts/gen-lists/third-party-fixtures.py
"""
import datetime
import pathlib

import openpyxl
import xlwt

FIXTURES = pathlib.Path(__file__).resolve().parents[2] / 'src/lists/state/fixtures'
d = datetime.date

book = xlwt.Workbook(encoding='utf-8')
sheet = book.add_sheet('EXCEL_Destination')
date = xlwt.easyxf(num_format_str='MM/DD/YYYY')
rows = [
    ['LastName', 'FirstName', 'MidInitial', 'CompanyName', 'Occupation', 'LicenseNumber', 'NPI', 'StartDate', 'AddDate', 'ReinstatedDate', 'WebComments', 'Waiver', 'EligibleToReapplyDate'],
    ['OKAFOR', 'DANIEL', 'T', 'OKAFOR FAMILY CLINIC', 'PHYSICIAN', 'MD998877', 1000000020, d(2024, 2, 20), d(2024, 2, 25)],
    [None, None, None, 'LONE STAR PHARMACY LLC', 'PHARMACY', 'PH77001', 2000000028, d(2018, 8, 1), d(2018, 8, 5), None, 'Owner convicted of fraud'],
    ['PATEL', 'ANIL', 'K', None, 'PHYSICIAN', 'TX12345', 1000000012, d(2023, 10, 20), d(2023, 10, 25), None, None, None, d(2028, 10, 20)],
    ['MORALES', 'ROSA', None, None, 'NURSE AIDE', None, None, d(2015, 1, 5), d(2015, 1, 10), d(2020, 3, 1)],
]
for r, row in enumerate(rows):
    for c, value in enumerate(row):
        if value is None:
            continue
        if isinstance(value, datetime.date):
            sheet.write(r, c, value, date)
        else:
            sheet.write(r, c, value)
book.save(str(FIXTURES / 'tx-xlwt.xls'))

wb = openpyxl.Workbook()
ws = wb.active
ws.title = 'Exclusions'
for row in [
    ['Provider Name', 'NPI Num', 'License Num', 'Provider Type', 'Exclusion Effective Date'],
    ['BRENNAN, KATHLEEN M', None, 'RN123456', 'NURSE - REGISTERED', d(2020, 10, 1)],
    ['OKAFOR, DANIEL T JR', 1000000020, 'MD998877', 'PHYSICIAN', d(2024, 2, 15)],
    ['#1 QUALITY HOME CARE, LLC', None, None, 'HOME HEALTH AGENCY', d(2021, 5, 1)],
    ['SUNSHINE TRANSPORT INC DBA SUNSHINE MEDICAL RIDES', 2000000028, None, 'TRANSPORTATION', d(2022, 11, 30)],
    ['GARCIA, MARIA AKA MARIA LOPEZ', None, 'LPN55511', 'NURSE - PRACTICAL', '2023-06-30'],
]:
    ws.append(row)
wb.properties.created = datetime.datetime(2024, 1, 1)
wb.properties.modified = datetime.datetime(2024, 1, 1)
wb.save(str(FIXTURES / 'ny-openpyxl.xlsx'))
