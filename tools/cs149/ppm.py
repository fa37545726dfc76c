"""Reading the 8-bit binary PPM (P6) frames that CS149's renderer and racelab write; shared by the scripts here."""
import sys


def read_ppm(path):
    """(width, height, RGB bytes from the file's first row on, the whole file's bytes)."""
    data = open(path, "rb").read()
    fields, pos = [], 0
    while len(fields) < 4:  # magic, width, height, maxval; neither program writes comments
        while data[pos:pos + 1].isspace():
            pos += 1
        start = pos
        while pos < len(data) and not data[pos:pos + 1].isspace():
            pos += 1
        fields.append(data[start:pos])
    if fields[0] != b"P6" or fields[3] != b"255":
        sys.exit(f"{path}: not an 8-bit P6 PPM")
    width, height = int(fields[1]), int(fields[2])
    pixels = data[pos + 1:]
    if len(pixels) != width * height * 3:
        sys.exit(f"{path}: {len(pixels)} pixel bytes, expected {width * height * 3}")
    return width, height, pixels, data
