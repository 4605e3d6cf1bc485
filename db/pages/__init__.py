"""Big tables written as SQLite pages: a new build's node table and depth index.

SQLite stores a row by descending its B-tree and an index by sorting; a build's rows come
already in key order, so its pages can be made directly (records, then leaves, then the levels
above). Only a new file that no one can open yet is written so (db.store.files).

What is written follows SQLite's "Database File Format" (https://www.sqlite.org/fileformat2.html),
each module citing the sections it implements, by number and title:

- records.py: 2.1 Record Format (the header's size, a serial type a column, the values; the
  serial types of integers and text), the varint of 1.6 B-tree Pages, and each cell of an index
  b-tree leaf as 1.6's "B-tree Cell Format" lays it out (the payload's size, then the payload);
  a payload beyond 1.6's threshold X, which would spill onto 1.7 Cell Payload Overflow Pages, is
  refused (RecordRefused), as are REALs and BLOBs;
- btree.py: 1.6 B-tree Pages (the page header, the cell pointer array, the cell content area,
  the cells of index b-tree interior pages, every leaf at the same depth);
- leaves.py: 2.4 Representation of WITHOUT ROWID Tables (the node table's rows), 2.5
  Representation Of SQL Indices and 2.5.1 (the depth index's entries), in 2.2 Record Sort Order;
- dbfile.py: 1.2 Pages, 1.3 The Database Header (what is checked, what is brought up to date:
  1.3.6 File change counter, 1.3.7 In-header database size, 1.3.16's version-valid-for number;
  1.3.8 Free page list and 1.5 The Freelist left as SQLite made them) and 1.4 The Lock-Byte Page;
- nodes.py: 2.6 Storage Of The SQL Database Schema (the root pages SQLite gave both trees);
- upper.py, ranges.py: leaves made far along the file and moved down, which leaves can be as
  they hold no page number (1.6's Index B-Tree Leaf Cell), to numbers 1.2 Pages and 1.4 allow.

A file in auto-vacuum mode (1.3.12 Incremental vacuum settings, 1.8 Pointer Map or Ptrmap
Pages) is refused, as is any other format than rollback (1.3.3), schema format 4 (1.3.10) and
UTF-8 (1.3.13).
"""
