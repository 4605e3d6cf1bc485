"""The HTTP face: app.py the Flask app over api/ (routes, the answer cache, ETags, per-thread
connections, headers, the HTTP statuses of errors), openapi.py the OpenAPI document, serve.py
`puzzledb serve` (gunicorn) and worker.py its worker. The page it serves is service/web/."""
