"""Reads Rails locale files with PyYAML, a YAML 1.1 reader like Ruby's Psych, and prints one JSON object per file:
its strings to translate by flattened key (`a.b`, `list[0]`), a plural (a map of CLDR categories with `other`) as one
entry holding that map, and the type of every value that is not a string. As in Weblate (translate-toolkit's YAML
storage), booleans and integers are strings to translate too, as `str()` of their value (`True`, `2`); null is not.
A file PyYAML cannot read ends the program with an error."""
import json
import sys

import yaml

CATEGORIES = {"zero", "one", "two", "few", "many", "other"}


def flatten(node, path, strings, others):
    if isinstance(node, dict):
        keys = [str(key) for key in node]
        if keys and "other" in keys and set(keys) <= CATEGORIES and all(isinstance(value, str) for value in node.values()):
            strings[path] = {str(key): value for key, value in node.items()}
            return
        for key, value in node.items():
            flatten(value, f"{path}.{key}" if path else str(key), strings, others)
    elif isinstance(node, list):
        for index, value in enumerate(node):
            flatten(value, f"{path}[{index}]", strings, others)
    elif isinstance(node, str):
        strings[path] = node
    else:
        if isinstance(node, (bool, int)):
            strings[path] = str(node)
        others[path] = type(node).__name__


for name in sys.argv[1:]:
    with open(name, encoding="utf-8") as handle:
        document = yaml.safe_load(handle)
    root = next(iter(document.values())) if isinstance(document, dict) and len(document) == 1 else document
    strings, others = {}, {}
    flatten(root, "", strings, others)
    print(json.dumps({"path": name, "strings": strings, "others": others}, ensure_ascii=False))
