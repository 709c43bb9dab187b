"""Reads Apple property lists with Python's plistlib (the standard library's reader, which nobody here wrote) and
prints one JSON object per file: its top-level dictionary as plistlib loaded it. A file plistlib cannot read ends the
program with an error."""
import json
import plistlib
import sys

for name in sys.argv[1:]:
    with open(name, "rb") as handle:
        document = plistlib.load(handle)
    print(json.dumps({"path": name, "plist": document}, ensure_ascii=False))
