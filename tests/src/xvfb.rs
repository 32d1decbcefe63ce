//! A virtual X display (Xvfb) for the tests that run XBoard (`tests/xboard_relay.rs`,
//! `tests/xboard_mouse.rs`): start it on a free number, take screenshots of it with
//! ImageMagick's `import`, read a screenshot's pixels (binary PPM), and click the mouse on
//! it with `xdotool`.

use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::thread;
use std::time::Duration;

/// A virtual display (1200x900, 24 bits) on a free number, killed when dropped.
pub struct Display {
    server: Child,
    /// The display's name for `DISPLAY`, e.g. `:93`.
    pub name: String,
}

impl Display {
    /// Starts `xvfb` on the first display number from `90 + pid % 500` whose lock file
    /// (`/tmp/.X<n>-lock`) is absent, so that test binaries running side by side (each its
    /// own process id) never share a display.
    pub fn start(xvfb: &Path) -> Display {
        let first = 90 + std::process::id() % 500;
        let number = (first..first + 100)
            .find(|n| !Path::new(&format!("/tmp/.X{n}-lock")).exists())
            .unwrap_or(first);
        let name = format!(":{number}");
        let server = Command::new(xvfb)
            .args([&name, "-screen", "0", "1200x900x24", "-nolisten", "tcp"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start Xvfb");
        thread::sleep(Duration::from_millis(800));
        Display { server, name }
    }

    /// Saves a screenshot of the whole screen to `path` (its type from the extension);
    /// false if `import` failed.
    pub fn screenshot(&self, path: &Path) -> bool {
        Command::new("import")
            .args(["-display", &self.name, "-window", "root"])
            .arg(path)
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    }

    /// The whole screen's pixels, or `None` if `import` failed.
    pub fn grab(&self) -> Option<Image> {
        let out = Command::new("import")
            .args(["-display", &self.name, "-window", "root", "-depth", "8"])
            .arg("ppm:-")
            .stderr(Stdio::null())
            .output()
            .ok()?;
        Image::from_ppm(&out.stdout)
    }

    /// Runs `xdotool ARGS` on this display; false if it failed.
    fn xdotool(&self, args: &[String]) -> bool {
        Command::new("xdotool")
            .env("DISPLAY", &self.name)
            .args(args)
            .status()
            .is_ok_and(|s| s.success())
    }

    /// Clicks the left button at (`x`, `y`).
    pub fn click(&self, x: u32, y: u32) -> bool {
        self.xdotool(&[
            "mousemove".into(),
            x.to_string(),
            y.to_string(),
            "click".into(),
            "1".into(),
        ])
    }
}

impl Drop for Display {
    fn drop(&mut self) {
        let _ = self.server.kill();
        let _ = self.server.wait();
    }
}

/// A screenshot's pixels: RGB, row by row from the top left.
pub struct Image {
    /// Width in pixels.
    pub width: usize,
    /// Height in pixels.
    pub height: usize,
    rgb: Vec<u8>,
}

impl Image {
    /// Reads a binary PPM (`P6`, 8 bits per channel); `None` for anything else.
    pub fn from_ppm(bytes: &[u8]) -> Option<Image> {
        // the header: P6, width, height, maxval, each after whitespace; then one byte
        let mut fields = Vec::new();
        let mut at = 0;
        while fields.len() < 4 {
            while bytes.get(at)?.is_ascii_whitespace() {
                at += 1;
            }
            let start = at;
            while !bytes.get(at)?.is_ascii_whitespace() {
                at += 1;
            }
            fields.push(std::str::from_utf8(&bytes[start..at]).ok()?);
        }
        let (width, height): (usize, usize) = (fields[1].parse().ok()?, fields[2].parse().ok()?);
        if fields[0] != "P6" || fields[3] != "255" {
            return None;
        }
        let rgb = bytes.get(at + 1..at + 1 + width * height * 3)?.to_vec();
        Some(Image { width, height, rgb })
    }

    /// The colour at (`x`, `y`).
    pub fn pixel(&self, x: usize, y: usize) -> [u8; 3] {
        let i = (y * self.width + x) * 3;
        [self.rgb[i], self.rgb[i + 1], self.rgb[i + 2]]
    }

    /// The smallest rectangle `(left, top, right, bottom)`, inclusive, holding every pixel
    /// of one of `colours`; `None` if there is none.
    pub fn bounds_of(&self, colours: &[[u8; 3]]) -> Option<(usize, usize, usize, usize)> {
        let mut found: Option<(usize, usize, usize, usize)> = None;
        for y in 0..self.height {
            for x in 0..self.width {
                if colours.contains(&self.pixel(x, y)) {
                    let (l, t, r, b) = found.unwrap_or((x, y, x, y));
                    found = Some((l.min(x), t.min(y), r.max(x), b.max(y)));
                }
            }
        }
        found
    }
}
