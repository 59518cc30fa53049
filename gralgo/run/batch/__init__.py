"""Batch mode (``run.batch=on``, ``design/batch.md``): the providers' batch APIs as a transport
of a job's samples. Nothing is exported here: ``gralgo.run`` names the public API, and every
module is private (``_batch_transport`` the transport, ``_batch_run`` the batch runner,
``_provider_apis`` and ``_gemini_api`` the providers' batch APIs, ``_provider_registry``
which serves a request, ``_batch_price``, ``_batch_progress``)."""
