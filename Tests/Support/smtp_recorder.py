"""An aiosmtpd handler for Railbook's mail tests: every message accepted is written whole to
FOLDER as 0001.eml, 0002.eml… in the order it arrived (numbering goes on across restarts), with
the SMTP envelope in two header lines on top. Run as
    python3 -m aiosmtpd -n -l 127.0.0.1:PORT -c smtp_recorder.Recorder FOLDER
with this folder on PYTHONPATH."""
import os


class Recorder:
    def __init__(self, folder):
        self.folder = folder
        os.makedirs(folder, exist_ok=True)

    @classmethod
    def from_cli(cls, parser, *args):
        if len(args) != 1:
            parser.error("Recorder needs the folder to write messages to")
        return cls(args[0])

    async def handle_DATA(self, server, session, envelope):
        number = len([name for name in os.listdir(self.folder) if name.endswith(".eml")]) + 1
        path = os.path.join(self.folder, "%04d.eml" % number)
        envelope_lines = "X-Envelope-From: %s\r\nX-Envelope-To: %s\r\n" % (envelope.mail_from, ",".join(envelope.rcpt_tos))
        with open(path + ".tmp", "wb") as file:
            file.write(envelope_lines.encode("ascii"))
            file.write(envelope.original_content or envelope.content)
        os.rename(path + ".tmp", path)
        return "250 Message accepted for delivery"
