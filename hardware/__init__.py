"""Device drivers behind the interfaces in `hardware.interfaces`, their fakes, and
`build_devices(config)` (see `hardware.factory` and hardware/README.md). Vendor libraries are
imported lazily, inside the drivers, so importing this package needs none of them."""


def build_devices(config=None, **kw):
    from hardware.factory import build_devices as _build

    return _build(config, **kw)
