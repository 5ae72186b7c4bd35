import csv
import sys

rows = list(csv.DictReader(open(sys.argv[1], newline="")))
print(f"{len(rows)} rows; columns: {', '.join(rows[0].keys()) if rows else 'none'}")
