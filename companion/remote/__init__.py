"""Remote play's pure part: the pairing code and what it derives (pairing.py), the sealed
messages two companions exchange (messages.py) and the hash-chained move log both check
(chain.py). The brokers and the service glue are I/O: companion/service/mqtt_link.py and
companion/service/remote.py."""
