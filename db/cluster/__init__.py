"""A build on a Dask cluster, stored as shard files: build.py runs it end to end, write.py
writes the shards and the manifest, read.py reads them back as one build."""
