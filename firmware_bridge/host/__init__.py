"""The Pi side of the bridge: the serial link (link.py) and the ReedGrid/LedGrid backends
(backend.py) the hardware factory builds when a config says ``backend = "bridge"``."""
