"""One MQTT broker between two companions (aiomqtt, on the service's asyncio loop).

    link = BrokerLink("wss://broker.example:8884/mqtt", room, side, on_message, on_change)
    task = asyncio.create_task(link.run())      # connects, and reconnects after any loss
    link.publish("msg", data)                   # QoS 1; dropped while disconnected
    link.publish("state", data, retain=True)    # the whole log, kept by the broker for resync

Topics: maunz-companion/1/<room>/<side>/msg and .../state. Each side publishes under its own
side and subscribes to the other's, so nobody hears their own messages back. The room is a hash
of the pairing key (companion/remote/pairing.py): the topic tells a stranger nothing, and every
payload is sealed. After a reconnect the service publishes its state again (retained) and the
other side's retained state arrives: both catch up on whatever was missed while away.

Broker addresses: mqtt://host[:1883], mqtts://host[:8883] (TLS), ws://host:port/path and
wss://host:port/path (MQTT over TLS WebSockets: what public brokers offer through firewalls).
"""
from __future__ import annotations

import asyncio
import logging
import ssl
import uuid
from urllib.parse import urlsplit

log = logging.getLogger("companion.remote")

TOPIC = "maunz-companion/1/{room}/{side}/{kind}"
SCHEMES = {"mqtt": ("tcp", False, 1883), "mqtts": ("tcp", True, 8883),
           "ws": ("websockets", False, 80), "wss": ("websockets", True, 443)}


class BrokerAddressError(ValueError):
    pass


def parse_broker(url: str) -> tuple[str, str, int, bool, str | None]:
    """(transport, host, port, tls, websocket path) of a broker address; one-line error."""
    parts = urlsplit(url)
    if parts.scheme not in SCHEMES or not parts.hostname:
        raise BrokerAddressError(f"broker {url!r}: write mqtt://host[:port], mqtts://, ws:// or"
                                 f" wss://host:port/path")
    transport, tls, default_port = SCHEMES[parts.scheme]
    try:
        port = parts.port or default_port
    except ValueError:
        raise BrokerAddressError(f"broker {url!r}: the port is not a number") from None
    path = (parts.path or "/mqtt") if transport == "websockets" else None
    return transport, parts.hostname, port, tls, path


class BrokerLink:
    def __init__(self, url: str, room: str, side: str, peer: str, on_message, on_change,
                 ca_file: str | None = None, will=None) -> None:
        self.url = url
        self.transport, self.host, self.port, self.tls, self.path = parse_broker(url)
        self.room, self.side, self.peer = room, side, peer
        self.on_message, self.on_change = on_message, on_change
        self.ca_file = ca_file
        # will(link) -> the sealed "offline" presence the broker publishes if we drop away, made
        # afresh for each connection (its mark is newer than the last connection's)
        self.will = will
        self.connected = False
        self.client = None
        self.reconnects = 0
        self._stopping = False

    def topic(self, side: str, kind: str) -> str:
        return TOPIC.format(room=self.room, side=side, kind=kind)

    async def run(self) -> None:
        import aiomqtt

        delay = 0.25
        while not self._stopping:
            tls = None
            if self.tls:
                tls = ssl.create_default_context(cafile=self.ca_file)
            will = None if self.will is None else aiomqtt.Will(self.topic(self.side, "presence"), self.will(self),
                                                                qos=1, retain=True)
            try:
                async with aiomqtt.Client(self.host, self.port, transport=self.transport, will=will,
                                          websocket_path=self.path, tls_context=tls, keepalive=10,
                                          identifier=f"maunz-{self.side}-{uuid.uuid4().hex[:12]}",
                                          timeout=10) as client:
                    self.client = client
                    await client.subscribe(self.topic(self.peer, "msg"), qos=1)
                    await client.subscribe(self.topic(self.peer, "state"), qos=1)
                    await client.subscribe(self.topic(self.peer, "presence"), qos=1)
                    self.connected, delay = True, 0.25
                    log.info("remote: connected to %s", self.url)
                    self.on_change(self)
                    async for message in client.messages:
                        self.on_message(bytes(message.payload), bool(message.retain), self)
            except aiomqtt.MqttError as exc:
                if self.connected or self.reconnects == 0:
                    log.warning("remote: broker %s: %s; trying again", self.url, exc)
            except asyncio.CancelledError:
                raise
            finally:
                was, self.connected, self.client = self.connected, False, None
                if was:
                    self.on_change(self)
            if self._stopping:
                break
            self.reconnects += 1
            await asyncio.sleep(delay)
            delay = min(delay * 2, 1.0)   # back within about a second of the broker's return

    async def publish(self, kind: str, data: bytes, retain: bool = False) -> bool:
        """Publish under our side; False when not connected (the retained state catches up)."""
        client = self.client
        if client is None or not self.connected:
            return False
        import aiomqtt

        try:
            await client.publish(self.topic(self.side, kind), data, qos=1, retain=retain)
            return True
        except aiomqtt.MqttError as exc:
            log.warning("remote: publish to %s failed: %s", self.url, exc)
            return False

    def stop(self) -> None:
        self._stopping = True
