"""An aiosmtpd handler for Railbook's mail tests: every message accepted is written whole to
FOLDER as 0001.eml, 0002.eml… in the order it arrived (numbering goes on across restarts), with
the SMTP envelope in two header lines on top. Run as
    python3 smtp_recorder.py PORT FOLDER [USER:PASSWORD]"""
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


def main():
    """Runs the recorder on 127.0.0.1:PORT; with USER:PASSWORD, mail is taken only after AUTH
    with them (allowed without TLS: the tests talk over loopback)."""
    import sys
    import threading
    from aiosmtpd.controller import Controller
    from aiosmtpd.smtp import AuthResult

    port, folder = int(sys.argv[1]), sys.argv[2]
    credentials = sys.argv[3] if len(sys.argv) > 3 else None

    def authenticator(server, session, envelope, mechanism, auth_data):
        given = "%s:%s" % (auth_data.login.decode(), auth_data.password.decode())
        return AuthResult(success=given == credentials)

    options = dict(auth_required=True, auth_require_tls=False, authenticator=authenticator) if credentials else {}
    controller = Controller(Recorder(folder), hostname="127.0.0.1", port=port, **options)
    controller.start()
    threading.Event().wait()


if __name__ == "__main__":
    main()
