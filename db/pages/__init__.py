"""Big tables written as SQLite pages: a new build's node table and depth index.

SQLite stores a row by descending its B-tree and an index by sorting; a build's rows come
already in key order, so its pages can be made directly (records, then leaves, then the levels
above). Only a new file that no one can open yet is written so (db.store.files).
"""
