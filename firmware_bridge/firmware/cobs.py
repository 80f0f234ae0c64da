# Consistent Overhead Byte Stuffing: the encoded block never contains 0x00, so 0x00 can delimit
# frames and a receiver resynchronises at the next delimiter after any garbage.
# Pure module: runs under CPython and MicroPython.


def encode(data):
    out = bytearray()
    code_at = 0
    out.append(0)  # placeholder for the first code byte
    code = 1
    for b in data:
        if b == 0:
            out[code_at] = code
            code_at = len(out)
            out.append(0)
            code = 1
        else:
            out.append(b)
            code += 1
            if code == 0xFF:
                out[code_at] = code
                code_at = len(out)
                out.append(0)
                code = 1
    out[code_at] = code
    return bytes(out)


def decode(data):
    """Decode one COBS block (without its 0x00 delimiter). Raises ValueError if malformed."""
    out = bytearray()
    i = 0
    n = len(data)
    while i < n:
        code = data[i]
        if code == 0:
            raise ValueError("zero byte inside COBS block")
        end = i + code
        if end > n:
            raise ValueError("COBS block truncated")
        for j in range(i + 1, end):
            b = data[j]
            if b == 0:
                raise ValueError("zero byte inside COBS block")
            out.append(b)
        i = end
        if code != 0xFF and i < n:
            out.append(0)
    return bytes(out)
