"""Remote play's pure part: the pairing code and what it derives (pairing.py), the sealed
messages two companions exchange (messages.py) and the hash-chained move log both check
(chain.py), and how refused input is counted and summarised (refusals.py, the page's
server counts with it too). The brokers and the service glue are I/O: companion/service/mqtt_link.py and
companion/service/remote.py."""
