#version 450 core
// Shows the frame texture as it is (RGBA8, rows top to bottom).
in vec2 v_uv;
out vec4 color;
uniform sampler2D frame;
void main() { color = vec4(texture(frame, v_uv).rgb, 1.0); }
