"""The layered search of builder.search.layered on a Dask cluster, for builds past one machine,
one job a module:

- addresses.py: the address --cluster takes (local:N or tcp://HOST:PORT), checked (no Dask);
- connect.py: a client of a scheduler or of a LocalCluster, its workers, the waits that fail
  cleanly when the scheduler or a worker is gone, and the quiet close;
- search.py: the search as the client runs it (cluster_bfs, ClusterResult): the key space cut
  into one range per worker, each layer's tasks submitted to the owners of the ranges;
- workers.py: what runs on each worker: the owner of a range and its tasks;
- numbering.py: codecs that number their moves as they meet them, numbered by the client.

Generic: it knows a codec (builder.search.layered.Codec), never a puzzle. Dask is imported in
this package only, and this package only by cluster builds; this file imports nothing, so that
each module loads only what it uses.
"""
