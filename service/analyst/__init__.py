"""The analyst's kit around the SQLite file: ad-hoc SQL output, export, Datasette metadata and
a picture of the depth histogram. Each module has one job; the SQL itself lives in db/."""
